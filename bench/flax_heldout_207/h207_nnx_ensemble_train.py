# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 5 make_train_step() returns a step function closing over the ensemble and its nnx.Optimizer; fori_loop runs that step as its body
"""An ensemble of four small NNX MLPs trained together on one loss (the member predictions are stacked
and every member gets its own squared-error term). The whole run is a single fori_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop

MEMBERS = 4


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Ensemble(nnx.Module):
    def __init__(self, n: int, rngs: nnx.Rngs):
        self.members = nnx.List([MLP(rngs) for _ in range(n)])

    def __call__(self, x):
        return jnp.stack([member(x) for member in self.members])


def make_train_step(model, optimizer, x, y):
    def loss_fn(model):
        preds = model(x)
        return jnp.mean((preds - y[None]) ** 2)

    def step(i, last_loss):
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    return step


def main():
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = jnp.sin(x[:, :1]) + x[:, 1:2]
    model = Ensemble(MEMBERS, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    step = make_train_step(model, optimizer, x, y)
    fori_loop(0, 20, step, jnp.float32(0.0))
    return None


if __name__ == "__main__":
    main()
