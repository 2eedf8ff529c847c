# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a FineTuner keeps the model and an nnx.Optimizer on self; the fori_loop body takes nnx.grad of the outer model and calls optimizer.update
"""Fine-tuning utility that runs several optimizer steps in a lax.fori_loop."""
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
        def body(i, total):
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, xs[i], ys[i])
            self.optimizer.update(self.model, grads)
            return total + loss

        return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


def main():
    model = Regressor(4, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    print("total loss", FineTuner(model).steps(xs, ys))
    return None
