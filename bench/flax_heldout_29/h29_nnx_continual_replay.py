# label: trace-context
# flax-error: TraceContextError: Cannot mutate ReplayMemory from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 learn_task scan body calls the learner's _remember helper, which writes the replay buffer's custom Variable subclass held by the learner
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

    def _remember(self, batch):
        self.buffer.add(batch["x"], batch["y"])

    def learn_task(self, stream):
        def body(params, batch):
            x = jnp.concatenate([batch["x"], self.buffer.xs.value[:4]])
            y = jnp.concatenate([batch["y"], self.buffer.ys.value[:4]])
            loss, g = jax.value_and_grad(xent, argnums=1)(self.graphdef, params, x, y)
            self._remember(batch)
            return jax.tree.map(lambda p, d: p - self.lr * d, params, g), loss

        self.params, losses = jax.lax.scan(body, self.params, stream)
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
