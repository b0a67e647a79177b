import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Space } from 'antd';
import { AGENT_SELFIE_SIZE } from '@vaultdesk/contract';
import { useObjectUrl } from '../../../components/use-object-url';

type Props = { value: Blob | null; onChange: (selfie: Blob | null) => void };

/**
 * The agent's selfie, taken with the front camera and captured as a 200x200 JPEG (centre square
 * of the frame). The camera is released as soon as the picture is taken or the dialog closes.
 */
export const WebcamCapture = ({ value, onChange }: Props) => {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string>();
  const preview = useObjectUrl(value);

  useEffect(() => {
    if (!stream || !video.current) return;
    video.current.srcObject = stream;
    void video.current.play().catch(() => undefined);
    return () => stream.getTracks().forEach((track) => track.stop());
  }, [stream]);

  const start = async () => {
    setError(undefined);
    if (!navigator.mediaDevices?.getUserMedia)
      return setError('This browser cannot use a camera here (it needs https or localhost)');
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: {
            facingMode: 'user',
            width: { ideal: AGENT_SELFIE_SIZE * 2 },
            height: { ideal: AGENT_SELFIE_SIZE * 2 },
          },
          audio: false,
        }),
      );
    } catch (err) {
      setError(
        err instanceof Error && err.name === 'NotAllowedError'
          ? 'Camera access was refused'
          : 'No camera could be started',
      );
    }
  };

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const side = Math.min(v.videoWidth, v.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = AGENT_SELFIE_SIZE;
    canvas.height = AGENT_SELFIE_SIZE;
    canvas
      .getContext('2d')
      ?.drawImage(
        v,
        (v.videoWidth - side) / 2,
        (v.videoHeight - side) / 2,
        side,
        side,
        0,
        0,
        AGENT_SELFIE_SIZE,
        AGENT_SELFIE_SIZE,
      );
    canvas.toBlob(
      (blob) => {
        if (!blob) return setError('The picture could not be taken');
        onChange(blob);
        setStream(null);
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <Flex vertical gap={8} data-testid="webcam-capture">
      {error && <Alert type="warning" showIcon title={error} />}
      {preview && !stream && (
        <img src={preview} alt="Captured selfie" width={AGENT_SELFIE_SIZE} height={AGENT_SELFIE_SIZE} />
      )}
      {stream && (
        // The live preview is mirrored, as people expect of a front camera; the capture is not.
        <video
          ref={video}
          aria-label="Camera preview"
          muted
          playsInline
          width={AGENT_SELFIE_SIZE}
          height={AGENT_SELFIE_SIZE}
          style={{ objectFit: 'cover', transform: 'scaleX(-1)', background: '#000' }}
        />
      )}
      <Space>
        {!stream && (
          <Button
            onClick={() => {
              onChange(null);
              void start();
            }}
          >
            {value ? 'Retake Selfie' : 'Open Camera'}
          </Button>
        )}
        {stream && (
          <Button type="primary" onClick={capture}>
            Capture Selfie
          </Button>
        )}
        {stream && <Button onClick={() => setStream(null)}>Close Camera</Button>}
      </Space>
    </Flex>
  );
};
