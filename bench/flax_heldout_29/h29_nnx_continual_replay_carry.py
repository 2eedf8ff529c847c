# label: ok
# flax-error: none
# class: 3 learn_task carries the replay buffer's arrays through the scan carry and writes them to the custom Variable subclass after the loop
"""Continual learning with experience replay: a reservoir-style buffer mixes old samples into each step."""
import jax
import jax.numpy as jnp
from flax import nnx


class ReplayMemory(nnx.Variable):
    pass


class ReplayBuffer(nnx.Module):
    def __init__(self, capacity, dim):
        self.xs = ReplayMemory(jnp.zeros((capacity, dim)))
        self.ys = ReplayMemory(jnp.zeros((capacity,), jnp.int32))
        self.ptr = ReplayMemory(jnp.array(0, jnp.int32))
        self.capacity = capacity

    def add(self, x, y):
        idx = (self.ptr.value + jnp.arange(x.shape[0])) % self.capacity
        self.xs.value = self.xs.value.at[idx].set(x)
        self.ys.value = self.ys.value.at[idx].set(y)
        self.ptr.value = self.ptr.value + x.shape[0]


class Classifier(nnx.Module):
    def __init__(self, dim, classes, rngs):
        self.body = nnx.Linear(dim, 16, rngs=rngs)
        self.out = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.body(x)))


def xent(graphdef, params, x, y):
    logits = nnx.merge(graphdef, params)(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))


class ContinualLearner:
    def __init__(self, model, buffer, lr=0.05):
        self.graphdef, self.params = nnx.split(model)
        self.buffer = buffer
        self.lr = lr

    def _remember(self, memory, batch):
        xs, ys, ptr = memory
        idx = (ptr + jnp.arange(batch["x"].shape[0])) % self.buffer.capacity
        return xs.at[idx].set(batch["x"]), ys.at[idx].set(batch["y"]), ptr + batch["x"].shape[0]

    def learn_task(self, stream):
        def body(carry, batch):
            params, memory = carry
            x = jnp.concatenate([batch["x"], memory[0][:4]])
            y = jnp.concatenate([batch["y"], memory[1][:4]])
            loss, g = jax.value_and_grad(xent, argnums=1)(self.graphdef, params, x, y)
            memory = self._remember(memory, batch)
            return (jax.tree.map(lambda p, d: p - self.lr * d, params, g), memory), loss

        memory = (self.buffer.xs.value, self.buffer.ys.value, self.buffer.ptr.value)
        (self.params, memory), losses = jax.lax.scan(body, (self.params, memory), stream)
        self.buffer.xs.value, self.buffer.ys.value, self.buffer.ptr.value = memory
        return losses


def main():
    learner = ContinualLearner(Classifier(6, 3, nnx.Rngs(0)), ReplayBuffer(12, 6))
    for task in range(2):
        k = jax.random.key(task)
        stream = {"x": jax.random.normal(k, (3, 4, 6)) + task,
                  "y": jax.random.randint(k, (3, 4), 0, 3)}
        losses = learner.learn_task(stream)
    print("last task loss", float(losses[-1]), int(learner.buffer.ptr.value))
    return None
