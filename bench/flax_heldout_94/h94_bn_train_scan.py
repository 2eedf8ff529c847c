# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 params and batch_stats ride in the jax.lax.scan carry; apply in the body has no mutable=
"""Tutorial MLP with BatchNorm; the Python loop over batches was turned into jax.lax.scan to cut
dispatch overhead, and the apply call in the loss kept its eval-time form (no mutable=)."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 3)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    tx = optax.adam(1e-3)
    opt_state = tx.init(variables["params"])

    def train_step(carry, batch):
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            logits = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    carry = (variables["params"], variables["batch_stats"], opt_state)
    carry, losses = jax.lax.scan(train_step, carry, (xs, ys))
    print(losses)
