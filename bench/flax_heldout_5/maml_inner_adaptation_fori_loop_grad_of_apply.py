# label: ok
# flax-error: none
# class: 4 MAML sine regression: a module-level make_inner_update factory returns the fori_loop body, which takes jax.grad of model.apply on explicit params
"""MAML (Finn et al. 2017) on sine regression with a Linen MLP. The inner adaptation loop is
a jax.lax.fori_loop whose body is produced by a module-level factory; it differentiates
model.apply with respect to an explicit params pytree, so no module state is captured."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SineMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.relu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


def make_inner_update(model, x, y, inner_lr):
    def loss_fn(params):
        return jnp.mean((model.apply({"params": params}, x) - y) ** 2)

    def inner_update(i, params):
        grads = jax.grad(loss_fn)(params)
        return jax.tree.map(lambda p, g: p - inner_lr * g, params, grads)

    return inner_update


def adapt(model, params, x, y, num_inner_steps=3, inner_lr=0.01):
    return jax.lax.fori_loop(0, num_inner_steps, make_inner_update(model, x, y, inner_lr), params)


def meta_loss(params, model, support, query):
    adapted = adapt(model, params, *support)
    xq, yq = query
    return jnp.mean((model.apply({"params": adapted}, xq) - yq) ** 2)


def main():
    model = SineMLP()
    x = jnp.linspace(-3, 3, 10)[:, None]
    y = 2.0 * jnp.sin(x + 0.5)
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    loss, meta_grads = jax.value_and_grad(meta_loss)(params, model, (x[:5], y[:5]), (x[5:], y[5:]))
    assert jnp.isfinite(loss)
    return None
