# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 online service object holds the NNX model and nnx.Optimizer; the scan body calls self.step, which runs nnx.grad and optimizer.update on them
"""Online learning service: an NNX model adapts to a stream of labelled events."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ClickModel(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def bce_loss(model, x, y):
    logits = model(x).squeeze(-1)
    return optax.sigmoid_binary_cross_entropy(logits, y).mean()


class OnlineLearningService:
    def __init__(self, din=6, lr=0.05, seed=0):
        self.model = ClickModel(din, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(lr), wrt=nnx.Param)

    def step(self, x, y):
        loss, grads = nnx.value_and_grad(bce_loss)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def consume(self, stream_x, stream_y):
        def body(total, batch):
            x, y = batch
            return total + self.step(x, y), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), (stream_x, stream_y))
        return total / stream_x.shape[0]


def main():
    service = OnlineLearningService()
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 6))
    ys = (xs.sum(-1) > 0).astype(jnp.float32)
    service.consume(xs, ys)
    return None
