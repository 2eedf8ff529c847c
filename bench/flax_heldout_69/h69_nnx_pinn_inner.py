# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 5 nnx.grad applied to the closed-over PINN inside a raw fori_loop body of inner steps
"""Physics-informed network (NNX) for the heat-equation residual; the inner loop of gradient
steps uses jax.lax.fori_loop and nnx.grad on the module."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PINN(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, tx):
        return self.l2(jnp.tanh(self.l1(tx)))[..., 0]


def residual(model, pts):
    def u(p):
        return model(p)

    def one(p):
        du = jax.grad(u)(p)
        d2u = jax.hessian(u)(p)
        return du[0] - 0.1 * d2u[1, 1]

    return jax.vmap(one)(pts)


def main():
    model = PINN(nnx.Rngs(0))
    pts = jax.random.uniform(jax.random.PRNGKey(1), (16, 2))

    def loss_fn(model):
        return jnp.mean(residual(model, pts) ** 2)

    def inner(i, lr):
        grads = nnx.grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return lr

    jax.lax.fori_loop(0, 5, inner, 1e-2)
    print(loss_fn(model))
    return None
