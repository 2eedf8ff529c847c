# label: ok
# flax-error: none
# class: 2 the batch_stats go through the fori_loop state; the loss applies with mutable=['batch_stats'] and returns them as aux
"""Masked-autoencoder pretraining with a BatchNorm encoder, fixed: the batch_stats are part of
the fori_loop state, the loss applies with mutable=['batch_stats'] and hands the updated stats
back through has_aux."""
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

    def loss_fn(params, batch_stats, x, m):
        recon, updates = model.apply({"params": params, "batch_stats": batch_stats},
                                     x, m, train=True, mutable=["batch_stats"])
        loss = (((recon - x) ** 2) * m).sum() / m.sum()
        return loss, updates["batch_stats"]

    def train_step(i, state):
        params, batch_stats, opt_state = state
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params, batch_stats, data[i], masks[i])
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), batch_stats, opt_state

    params = variables["params"]
    params, batch_stats, _ = fori_loop(
        0, STEPS, train_step, (params, variables["batch_stats"], tx.init(params)))
    print(jax.tree.map(jnp.shape, params), batch_stats["BatchNorm_0"]["mean"][:3])
    return None


if __name__ == "__main__":
    main()
