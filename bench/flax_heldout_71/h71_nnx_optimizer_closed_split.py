# label: ok
# flax-error: none
# class: 3 a FineTuner splits (model, optimizer) with nnx.split before the fori_loop, carries the state, merges and re-splits inside the body, and nnx.update()s after
"""Fine-tuning utility that runs several optimizer steps in a lax.fori_loop (split/merge idiom)."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.body = nnx.Linear(din, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.body(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class FineTuner:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)

    def steps(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, xs[i], ys[i])
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, total + loss

        state, total = jax.lax.fori_loop(0, xs.shape[0], body, (state, 0.0))
        nnx.update((self.model, self.optimizer), state)
        return total


def main():
    model = Regressor(4, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    print("total loss", FineTuner(model).steps(xs, ys))
    return None
