// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20 {
    function balanceOf(address) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// An xAuto-style vault: deposit the token, receive ERC-20 shares; the share price is the vault's
/// token balance per share (18 decimals). The owner adds yield by sending tokens in (addYield),
/// which moves the price per full share.
contract Vault {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    IERC20 public immutable token;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Deposit(address indexed account, uint256 amount, uint256 shares);
    event Withdraw(address indexed account, uint256 shares, uint256 amount);
    event Yield(uint256 amount);

    constructor(address token_, string memory name_, string memory symbol_) {
        token = IERC20(token_);
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function balance() public view returns (uint256) {
        return token.balanceOf(address(this));
    }

    function getPricePerFullShare() external view returns (uint256) {
        if (totalSupply == 0) return 1e18;
        return (balance() * 1e18) / totalSupply;
    }

    function deposit(uint256 amount) external {
        require(amount > 0, "amount");
        uint256 pool = balance();
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        uint256 shares = totalSupply == 0 ? amount : (amount * totalSupply) / pool;
        totalSupply += shares;
        balanceOf[msg.sender] += shares;
        emit Transfer(address(0), msg.sender, shares);
        emit Deposit(msg.sender, amount, shares);
    }

    function withdraw(uint256 shares) external {
        require(shares > 0, "shares");
        require(balanceOf[msg.sender] >= shares, "shares balance");
        uint256 amount = (balance() * shares) / totalSupply;
        balanceOf[msg.sender] -= shares;
        totalSupply -= shares;
        emit Transfer(msg.sender, address(0), shares);
        require(token.transfer(msg.sender, amount), "transfer");
        emit Withdraw(msg.sender, shares, amount);
    }

    function addYield(uint256 amount) external {
        require(msg.sender == owner, "only owner");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        emit Yield(amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
