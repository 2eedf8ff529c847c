# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "residual_weight" in "/" because collection "state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 adaptive loss-weight collection closed over by a fori_loop body; apply updates it without mutable
"""Physics-informed network for u'' = -sin(x) with an adaptive residual weight kept in a
'state' collection; the inner optimisation loop runs under jax.lax.fori_loop."""
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

    def residual(p, x):
        u = lambda z: model.apply({"params": p, "state": state}, z[None, None])[0][0, 0]
        return jax.grad(jax.grad(u))(x) + jnp.sin(x)

    def loss_fn(p):
        _, weight = model.apply({"params": p, "state": state}, xs)
        r = jax.vmap(residual, in_axes=(None, 0))(p, xs[:, 0])
        return weight * jnp.mean(r**2)

    def inner(i, carry):
        params, opt_state = carry
        grads = jax.grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = jax.lax.fori_loop(0, 20, inner, (params, opt_state))
    print(jax.tree.map(jnp.linalg.norm, params))
    return None
