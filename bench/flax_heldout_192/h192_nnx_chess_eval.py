# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 SelfPlayWorker.play runs a fori_loop whose body calls self.engine.evaluate, which calls self.net; Engine.prepare_selfplay put the net in train mode
"""Chess engine self-play: a value network with batch norm scores the positions of a rollout."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ValueNet(nnx.Module):
    def __init__(self, n_planes: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(n_planes * 64, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.value = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, boards):
        h = boards.reshape(boards.shape[0], -1)
        h = nnx.relu(self.norm(self.conv(h)))
        return jnp.tanh(self.value(h))[..., 0]


class Engine:
    def __init__(self, net: ValueNet):
        self.net = net

    def prepare_selfplay(self):
        self.net.train()  # keep batch statistics adapting to self-play positions

    def evaluate(self, boards):
        return self.net(boards)


class SelfPlayWorker:
    def __init__(self, engine: Engine, n_moves: int):
        self.engine = engine
        self.n_moves = n_moves

    def play(self, positions):
        def move(i, total):
            return total + self.engine.evaluate(positions[i]).mean()
        return lax.fori_loop(0, self.n_moves, move, jnp.zeros(()))


def main():
    net = ValueNet(n_planes=2, rngs=nnx.Rngs(0))
    engine = Engine(net)
    engine.prepare_selfplay()
    positions = jax.random.bernoulli(jax.random.key(1), 0.2, (4, 8, 2, 8, 8)).astype(jnp.float32)
    SelfPlayWorker(engine, n_moves=4).play(positions).block_until_ready()
    return None
