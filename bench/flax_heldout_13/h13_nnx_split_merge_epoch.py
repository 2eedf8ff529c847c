# label: ok
# flax-error: none
# class: 2 nnx.split of (model, optimizer) outside the raw fori_loop, state carried, nnx.merge inside the body and the new state returned
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.norm = nnx.LayerNorm(dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.fc1(x))))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


@jax.jit
def run_epoch(graphdef, state, xs, ys):
    def body(i, carry):
        state, total = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(mse_loss)(model, xs[i], ys[i])
        optimizer.update(model, grads)
        _, state = nnx.split((model, optimizer))
        return state, total + loss

    return jax.lax.fori_loop(0, xs.shape[0], body, (state, 0.0))


def main():
    model = MLP(3, 16, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    for _ in range(2):
        state, total = run_epoch(graphdef, state, xs, ys)
    nnx.update((model, optimizer), state)
    float(mse_loss(model, xs[0], ys[0]))
    return None
