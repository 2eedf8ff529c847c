# label: ok
# flax-error: none
# class: 3 PINN split into graphdef/params; params carried through the fori_loop, jax.grad on a merge-based loss
"""Physics-informed network (NNX) for the heat-equation residual; the inner loop carries the
params and differentiates a pure loss that merges the module."""
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
    graphdef, params = nnx.split(model, nnx.Param)

    def loss_fn(params):
        return jnp.mean(residual(nnx.merge(graphdef, params), pts) ** 2)

    def inner(i, params):
        grads = jax.grad(loss_fn)(params)
        return jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)

    params = jax.lax.fori_loop(0, 5, inner, params)
    nnx.update(model, params)
    print(loss_fn(params))
    return None
