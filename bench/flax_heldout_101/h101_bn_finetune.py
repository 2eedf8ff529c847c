# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local `batch_stats` goes into model.apply(train=True) in the scan body without mutable=
"""Fine-tuning a pretrained BN MLP on a small new dataset, training loop written with lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def main():
    model = Backbone()
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    params, batch_stats = variables['params'], variables['batch_stats']
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def loss_fn(params, x, y):
        pred = model.apply({'params': params, 'batch_stats': batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def train_step(carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (params, opt_state), (xs, ys))
    print(losses[-1])
    return None
