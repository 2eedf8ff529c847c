# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body (a closure in a module method) writes the replay memory into a plain Python dict attribute of the NNX module
"""Online continual learning with a ring-buffer replay memory: each incoming batch is
stored in memory, and the memory is replayed to measure forgetting."""
import jax
import jax.numpy as jnp
from flax import nnx


class ContinualLearner(nnx.Module):
    def __init__(self, in_dim: int, n_classes: int, mem_slots: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(in_dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, n_classes, rngs=rngs)
        self.mem_slots = mem_slots
        self.memory = {}

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x)))

    def observe_stream(self, xs, ys):
        mem_x = jnp.zeros((self.mem_slots, *xs.shape[1:]))
        mem_y = jnp.zeros((self.mem_slots, *ys.shape[1:]), jnp.int32)
        self.memory.update(x=mem_x, y=mem_y)

        def step(acc, batch):
            t, x, y = batch
            correct = jnp.mean(self(x).argmax(-1) == y)
            slot = t % self.mem_slots
            self.memory["x"] = self.memory["x"].at[slot].set(x)
            self.memory["y"] = self.memory["y"].at[slot].set(y)
            return acc + correct, correct

        ts = jnp.arange(xs.shape[0])
        return jax.lax.scan(step, jnp.zeros(()), (ts, xs, ys))

    def replay_accuracy(self):
        x, y = self.memory["x"], self.memory["y"]
        return jnp.mean(self(x).argmax(-1) == y)


def main():
    n_batches, batch, in_dim = 6, 8, 10
    k1, k2 = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(k1, (n_batches, batch, in_dim))
    ys = jax.random.randint(k2, (n_batches, batch), 0, 4)
    learner = ContinualLearner(in_dim, 4, mem_slots=4, rngs=nnx.Rngs(0))
    learner.observe_stream(xs, ys)
    acc = learner.replay_accuracy()
    jax.block_until_ready(acc)
    return None
