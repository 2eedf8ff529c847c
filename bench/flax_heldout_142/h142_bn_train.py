# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local batch_stats of train() is closed over by the scan body, which applies the model with train=True and no mutable
"""Custom training loop for a BatchNorm MLP written as one jax.lax.scan over the batches."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


def train(model, variables, xs, ys, tx):
    params, batch_stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)

    def loss_fn(p, x, y):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def step(carry, batch):
        p, s = carry
        loss, grads = jax.value_and_grad(loss_fn)(p, *batch)
        updates, s = tx.update(grads, s, p)
        return (optax.apply_updates(p, updates), s), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
    return {"params": params, "batch_stats": batch_stats}, losses


def main():
    key = jax.random.key(0)
    xs = jax.random.normal(key, (5, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 3)
    model = MLP()
    variables = model.init(key, xs[0], train=False)
    variables, losses = train(model, variables, xs, ys, optax.sgd(0.1))
    losses.block_until_ready()
    return None
