# label: same-values
# flax-error: none
# class: 4 Engine holds model.bind(variables, rngs={'sample': key}) and a strategy picked from STRATEGIES by config string; the scan body calls strategy.pick(self.bound, ...), which calls make_rng
"""Chess engine move sampling: the exploration strategy is chosen from a config string."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MovePolicy(nn.Module):
    moves: int = 10

    @nn.compact
    def __call__(self, board):
        return nn.Dense(self.moves)(board)

    def gumbel_noise(self, shape, step):
        return jax.random.gumbel(self.make_rng("sample"), shape)


class GreedyStrategy:
    def pick(self, bound, logits, step):
        return jnp.argmax(logits), jnp.zeros_like(logits)


class GumbelStrategy:
    def pick(self, bound, logits, step):
        noise = bound.gumbel_noise(logits.shape, step)
        return jnp.argmax(logits + noise), noise


STRATEGIES = {"greedy": GreedyStrategy, "gumbel": GumbelStrategy}


@dataclass(frozen=True)
class EngineConfig:
    strategy: str = "gumbel"
    seed: int = 42


class Engine:
    def __init__(self, model, variables, config):
        self.bound = model.bind(variables, rngs={"sample": jax.random.key(config.seed)})
        self.strategy = STRATEGIES[config.strategy]()

    def play(self, boards):
        def body(moves_made, xs):
            step, board = xs
            logits = self.bound(board)
            move, noise = self.strategy.pick(self.bound, logits, step)
            return moves_made + move, noise

        steps = jnp.arange(boards.shape[0])
        _, noises = lax.scan(body, jnp.zeros((), jnp.int32), (steps, boards))
        return noises


def main():
    model = MovePolicy()
    boards = jax.random.normal(jax.random.key(0), (6, 12))
    variables = model.init(jax.random.key(1), boards[0])
    engine = Engine(model, variables, EngineConfig())
    return engine.play(boards)
