# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict is closed over and apply runs in train mode inside the scan body without mutable
"""'My BatchNorm statistics never update': the epoch loop was rewritten as one jax.lax.scan
over batches, and the train step calls apply(train=True) without asking for batch_stats."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)

    def train_step(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (params, opt_state), (xs, ys))
    losses.block_until_ready()
    return None
