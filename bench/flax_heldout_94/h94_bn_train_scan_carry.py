# label: ok
# flax-error: none
# class: 3 params and batch_stats ride in the jax.lax.scan carry; apply returns the new stats as aux
"""The fix from the maintainers: apply with mutable=['batch_stats'], return the updated stats
from the loss as aux and put them back into the scan carry."""
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
            logits, updates = model.apply(
                {"params": p, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return loss, updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, batch_stats, opt_state), loss

    carry = (variables["params"], variables["batch_stats"], opt_state)
    (params, batch_stats, opt_state), losses = jax.lax.scan(train_step, carry, (xs, ys))
    print(losses, jax.tree.map(jnp.mean, batch_stats))
