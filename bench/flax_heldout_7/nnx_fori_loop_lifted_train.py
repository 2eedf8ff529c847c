# label: ok
# flax-error: none
# class: 1 lifted nnx.fori_loop carries (model, optimizer) and runs optimizer.update each iteration
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LinearProbe(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.w(x)


def main():
    model = LinearProbe(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(1), (64, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])

    def body(i, carry):
        model, opt = carry
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        opt.update(model, grads)
        return model, opt

    model, opt = nnx.fori_loop(0, 25, body, (model, opt))
    jnp.sum(model(x)).block_until_ready()
    return None
