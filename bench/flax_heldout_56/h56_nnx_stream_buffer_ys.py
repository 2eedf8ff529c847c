# label: ok
# flax-error: none
# class: 4 an OnlineLearningService runs its eval-mode nnx model in a raw scan over the stream, returns the predictions as ys and fills the plain-Python ReplayBuffer after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ClickModel(nnx.Module):
    def __init__(self, dim, rngs):
        self.linear = nnx.Linear(dim, 1, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.drop(self.linear(x)))[..., 0]


class ReplayBuffer:
    def __init__(self, capacity):
        self.capacity = capacity
        self.items = []

    def push(self, features, prediction):
        self.items.append((features, prediction))
        self.items = self.items[-self.capacity:]

    def as_batch(self):
        feats, preds = zip(*self.items)
        return jnp.concatenate(feats), jnp.concatenate(preds)


class OnlineLearningService:
    def __init__(self, model, buffer: ReplayBuffer):
        self.model = model
        self.buffer = buffer
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.01), wrt=nnx.Param)

    def score_stream(self, stream):
        self.model.eval()

        def body(carry, x):
            p = self.model(x)
            return carry + p.sum(), p

        total, preds = jax.lax.scan(body, jnp.float32(0.0), stream)
        for x, p in zip(stream, preds):
            self.buffer.push(x, p)
        return total

    def update_from_buffer(self):
        self.model.train()
        feats, targets = self.buffer.as_batch()
        grads = nnx.grad(lambda m: jnp.mean((m(feats) - (targets > 0.5)) ** 2))(self.model)
        self.optimizer.update(self.model, grads)


def main():
    service = OnlineLearningService(ClickModel(4, nnx.Rngs(0)), ReplayBuffer(8))
    service.score_stream(jax.random.normal(jax.random.key(1), (3, 2, 4)))
    service.update_from_buffer()
    return None
