# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local `batch_stats` of train_ensemble() goes straight into model.apply(train=True) inside the fori_loop body
"""A deep ensemble of five small MLPs with BatchNorm, trained together with jax.vmap.

Members are initialised from different keys and stepped in one fori_loop with optax.adam."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax

MEMBERS, STEPS = 5, 10


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def train_ensemble(model, variables, x, y):
    tx = optax.adam(1e-2)
    params = variables["params"]
    batch_stats = variables["batch_stats"]
    opt_state = jax.vmap(tx.init)(params)

    def loss_fn(p, bs):
        pred = model.apply({"params": p, "batch_stats": bs}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def body(i, carry):
        params, opt_state = carry
        grads = jax.vmap(jax.grad(loss_fn))(params, batch_stats)
        updates, opt_state = jax.vmap(tx.update)(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = lax.fori_loop(0, STEPS, body, (params, opt_state))
    return {"params": params, "batch_stats": batch_stats}


def main():
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = jnp.sum(x, axis=1, keepdims=True)
    model = MLP()
    keys = jax.random.split(jax.random.key(1), MEMBERS)
    variables = jax.vmap(lambda k: model.init(k, x, train=False))(keys)
    variables = train_ensemble(model, variables, x, y)
    jax.vmap(lambda v: model.apply(v, x, train=False))(variables)
    return None


if __name__ == "__main__":
    main()
