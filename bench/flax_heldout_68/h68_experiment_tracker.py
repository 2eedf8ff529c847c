# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "act_norm" in "/" because collection "tracking" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a step function built by a factory applies a model that updates its 'tracking' collection, inside a raw scan, without mutable
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class TrackedMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        act_norm = self.variable("tracking", "act_norm", lambda: jnp.zeros(()))
        act_norm.value = 0.9 * act_norm.value + 0.1 * jnp.linalg.norm(h)
        return nn.Dense(1)(h)


class ExperimentTracker:
    def __init__(self, name):
        self.name = name
        self.history = {}

    def log(self, **scalars):
        for k, v in scalars.items():
            self.history.setdefault(k, []).append(v)


def make_train_step(model, tx):
    def train_step(carry, batch):
        params, opt_state, tracking = carry
        x, y = batch

        def loss_fn(p):
            pred = model.apply({"params": p, "tracking": tracking}, x)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state, tracking), loss

    return train_step


def main():
    model = TrackedMLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(1), xs[0])
    tx = optax.adam(1e-2)
    carry = (variables["params"], tx.init(variables["params"]), variables["tracking"])
    tracker = ExperimentTracker("mlp-baseline")
    carry, losses = jax.lax.scan(make_train_step(model, tx), carry, (xs, ys))
    tracker.log(loss=losses[-1], act_norm=carry[2]["act_norm"])
    return None
