# label: ok
# flax-error: none
# class: 3 adaptive loss-weight collection carried through the fori_loop; apply(..., mutable=['state']) returns it
"""Physics-informed network for u'' = -sin(x) with an adaptive residual weight kept in a
'state' collection; the state is declared mutable and carried through the fori_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class PINN(nn.Module):
    @nn.compact
    def __call__(self, x):
        w = self.variable("state", "residual_weight", lambda: jnp.ones(()))
        h = nn.tanh(nn.Dense(32)(x))
        u = nn.Dense(1)(nn.tanh(nn.Dense(32)(h)))
        w.value = 0.99 * w.value + 0.01 * jnp.mean(u**2)
        return u, w.value


def main():
    model = PINN()
    xs = jnp.linspace(0.0, 3.14, 32)[:, None]
    variables = model.init(jax.random.PRNGKey(0), xs)
    params, state = variables["params"], variables["state"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def residual(p, s, x):
        u = lambda z: model.apply({"params": p, "state": s}, z[None, None], mutable=["state"])[0][0][0, 0]
        return jax.grad(jax.grad(u))(x) + jnp.sin(x)

    def loss_fn(p, s):
        (_, weight), new = model.apply({"params": p, "state": s}, xs, mutable=["state"])
        r = jax.vmap(residual, in_axes=(None, None, 0))(p, s, xs[:, 0])
        return weight * jnp.mean(r**2), new["state"]

    def inner(i, carry):
        params, state, opt_state = carry
        grads, state = jax.grad(loss_fn, has_aux=True)(params, state)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), state, opt_state

    params, state, opt_state = jax.lax.fori_loop(0, 20, inner, (params, state, opt_state))
    print(jax.tree.map(jnp.linalg.norm, params), state)
    return None
