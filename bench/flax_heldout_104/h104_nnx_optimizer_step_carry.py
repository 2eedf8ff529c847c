# label: ok
# flax-error: none
# class: 4 trainer.model and trainer.opt are split in Trainer.fit; their state is the fori_loop carry, merged in the body and written back after
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

        graphdef, state = nnx.split((self.model, self.opt))

        def body(i, carry):
            state, total = carry
            model, opt = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, xs, ys)
            opt.update(model, grads)
            return nnx.state((model, opt)), total + loss

        state, total = lax.fori_loop(0, n_steps, body, (state, 0.0))
        nnx.update((self.model, self.opt), state)
        return total


def main():
    xs = jax.random.normal(jax.random.key(0), (64, 2))
    ys = jnp.sin(xs[:, :1]) * xs[:, 1:]
    trainer = Trainer(MLP(nnx.Rngs(0)), optax.adam(1e-2))
    total = trainer.fit(xs, ys, 50)
    print("mean loss", float(total) / 50)
    return None
