# label: ok
# flax-error: none
# class: 4 functools.partial evaluator with count_visits=False passed down, so apply(method=) only reads params in the raw while_loop body
"""Go value network scoring Monte-Carlo tree search rollouts on a small board."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BoardConfig:
    size: int = 5
    channels: int = 8
    max_depth: int = 6


class ResidualBlock(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, x):
        y = nn.relu(nn.Conv(self.channels, (3, 3))(x))
        return nn.relu(x + nn.Conv(self.channels, (3, 3))(y))


class ValueNet(nn.Module):
    cfg: BoardConfig

    def setup(self):
        self.stem = nn.Conv(self.cfg.channels, (3, 3))
        self.blocks = [ResidualBlock(self.cfg.channels) for _ in range(2)]
        self.value_head = nn.Dense(1)
        self.visits = self.variable("stats", "visits", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, board):
        x = self.stem(board[..., None])
        for block in self.blocks:
            x = block(x)
        return jnp.tanh(self.value_head(x.mean(axis=(0, 1))))[0]

    def evaluate(self, board, count_visits):
        if count_visits:
            self.visits.value = self.visits.value + 1
        return self(board)


def evaluate_leaf(model, variables, board, count_visits=True):
    return model.apply(variables, board, count_visits, method=ValueNet.evaluate)


class Searcher:
    def __init__(self, model, variables, cfg):
        self.cfg = cfg
        self.value_fn = functools.partial(evaluate_leaf, model, variables, count_visits=False)

    def rollout(self, board):
        def cond(state):
            depth, _, value = state
            return (depth < self.cfg.max_depth) & (jnp.abs(value) < 0.99)

        def body(state):
            depth, board, _ = state
            move = jnp.zeros_like(board).at[depth % self.cfg.size, depth % self.cfg.size].set(1.0)
            board = jnp.where(depth % 2 == 0, 1.0, -1.0) * move + board
            return depth + 1, board, self.value_fn(board)

        return jax.lax.while_loop(cond, body, (0, board, jnp.float32(0.0)))


def main():
    cfg = BoardConfig()
    model = ValueNet(cfg)
    board = jnp.zeros((cfg.size, cfg.size))
    variables = model.init(jax.random.key(0), board, True, method=ValueNet.evaluate)
    searcher = Searcher(model, variables, cfg)
    depth, final_board, value = searcher.rollout(board)
    print("depth", int(depth), "value", float(value), "stones", float(jnp.abs(final_board).sum()))
    return None
