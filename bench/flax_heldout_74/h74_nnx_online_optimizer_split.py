# label: ok
# flax-error: none
# class: 2 online service object holds the NNX model and nnx.Optimizer; they are nnx.split before the scan, merged in the body, carried as state and nnx.update'd after
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

    @staticmethod
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(bce_loss)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def consume(self, stream_x, stream_y):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.step(model, optimizer, *batch)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = jax.lax.scan(body, (jnp.zeros(()), state), (stream_x, stream_y))
        nnx.update((self.model, self.optimizer), state)
        return total / stream_x.shape[0]


def main():
    service = OnlineLearningService()
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 6))
    ys = (xs.sum(-1) > 0).astype(jnp.float32)
    service.consume(xs, ys)
    return None
