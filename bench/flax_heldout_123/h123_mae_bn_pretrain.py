# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict local to main is closed over by the loss inside the fori_loop body and applied with train=True but no mutable
"""Masked-autoencoder pretraining with a BatchNorm encoder. The training loop is a lax.fori_loop
over steps with an optax update in the body; the loss applies the model in train mode with the
batch_stats closed over from main and without mutable=['batch_stats']."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import fori_loop

STEPS, BATCH, DIM = 8, 32, 24


class MaskedAE(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x, mask, train: bool):
        h = nn.Dense(self.hidden)(x * (1.0 - mask))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(x.shape[-1])(h)


def main():
    k_data, k_mask, k_init = jax.random.split(jax.random.PRNGKey(0), 3)
    data = jax.random.normal(k_data, (STEPS, BATCH, DIM))
    masks = (jax.random.uniform(k_mask, (STEPS, BATCH, DIM)) < 0.75).astype(jnp.float32)
    model = MaskedAE()
    variables = model.init(k_init, data[0], masks[0], train=False)
    tx = optax.adam(1e-3)

    def loss_fn(params, x, m):
        recon = model.apply({"params": params, "batch_stats": variables["batch_stats"]},
                            x, m, train=True)
        return (((recon - x) ** 2) * m).sum() / m.sum()

    def train_step(i, state):
        params, opt_state = state
        loss, grads = jax.value_and_grad(loss_fn)(params, data[i], masks[i])
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    params = variables["params"]
    params, _ = fori_loop(0, STEPS, train_step, (params, tx.init(params)))
    print(jax.tree.map(jnp.shape, params))
    return None


if __name__ == "__main__":
    main()
