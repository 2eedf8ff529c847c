# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 the model and optimizer reach the fori_loop body as trainer.model and trainer.opt through Trainer.fit
"""Full-batch regression trained with a lax.fori_loop instead of a Python loop (to avoid
dispatch overhead); the loop body calls nnx.value_and_grad and optimizer.update."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.opt = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def fit(self, xs, ys, n_steps):
        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        def body(i, total):
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, xs, ys)
            self.opt.update(self.model, grads)
            return total + loss

        return lax.fori_loop(0, n_steps, body, 0.0)


def main():
    xs = jax.random.normal(jax.random.key(0), (64, 2))
    ys = jnp.sin(xs[:, :1]) * xs[:, 1:]
    trainer = Trainer(MLP(nnx.Rngs(0)), optax.adam(1e-2))
    total = trainer.fit(xs, ys, 50)
    print("mean loss", float(total) / 50)
    return None
