# label: ok
# flax-error: none
# class: 2 a jitted train_epoch scans over batches with raw lax.scan; the body calls loss_fn, which runs model.apply(..., mutable=['batch_stats']) and the new batch_stats travel in the carry
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLPClassifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


model = MLPClassifier()
tx = optax.adam(1e-2)


def loss_fn(params, batch_stats, batch):
    x, y = batch
    logits, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
    )
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, updates["batch_stats"]


@jax.jit
def train_epoch(params, batch_stats, opt_state, xs, ys):
    def body(carry, batch):
        params, batch_stats, opt_state = carry
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    (params, batch_stats, opt_state), losses = jax.lax.scan(
        body, (params, batch_stats, opt_state), (xs, ys)
    )
    return params, batch_stats, opt_state, losses


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 8, 5))
    ys = jnp.arange(32).reshape(4, 8) % 3
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)
    params, batch_stats, opt_state, losses = train_epoch(params, batch_stats, opt_state, xs, ys)
    losses.block_until_ready()
    return None
