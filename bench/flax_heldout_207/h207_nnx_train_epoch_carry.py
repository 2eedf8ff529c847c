# label: ok
# flax-error: none
# class: 3 Trainer.train_epoch splits (self.model, self.optimizer) into a graphdef and a state; the state goes through the scan carry and is merged in the body
"""A whole training epoch as one raw jax.lax.scan over batches, to avoid Python-loop overhead.

Regression of a noisy quadratic with an NNX MLP and optax.adamw."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class Trainer:
    def __init__(self, seed=0):
        self.model = MLP(nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 2))
    ys = jnp.sum(xs**2, axis=-1, keepdims=True)
    trainer = Trainer()
    trainer.train_epoch(xs, ys)
    return None


if __name__ == "__main__":
    main()
