# label: ok
# flax-error: none
# class: 5 the scan body (a closure in a module method) threads the replay memory dict through the scan carry; the module's dict attribute is updated after the loop
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

        def step(carry, batch):
            acc, memory = carry
            t, x, y = batch
            correct = jnp.mean(self(x).argmax(-1) == y)
            slot = t % self.mem_slots
            memory = {"x": memory["x"].at[slot].set(x), "y": memory["y"].at[slot].set(y)}
            return (acc + correct, memory), correct

        ts = jnp.arange(xs.shape[0])
        (acc, memory), per_batch = jax.lax.scan(
            step, (jnp.zeros(()), {"x": mem_x, "y": mem_y}), (ts, xs, ys))
        self.memory.update(memory)
        return acc, per_batch

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
