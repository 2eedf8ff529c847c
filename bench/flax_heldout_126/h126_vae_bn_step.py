# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body calls a train step built by make_train_step, whose jax.checkpoint-wrapped loss calls model.apply(..., train=True) without mutable=['batch_stats']
"""VAE with a BatchNorm encoder, trained for a few epochs inside one lax.scan.

make_train_step returns a step function closing over the model; the ELBO is wrapped in
jax.checkpoint to save memory.  The scan carries params, optimizer state and the PRNG key.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

LATENT = 2


class VAE(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(32)(x)
        h = nn.relu(nn.BatchNorm(use_running_average=not train)(h))
        mean, logvar = nn.Dense(LATENT)(h), nn.Dense(LATENT)(h)
        eps = jax.random.normal(self.make_rng("reparam"), mean.shape)
        z = mean + jnp.exp(0.5 * logvar) * eps
        recon = nn.Dense(x.shape[-1])(nn.relu(nn.Dense(32)(z)))
        return recon, mean, logvar


def make_train_step(model, tx):
    @jax.checkpoint
    def elbo(params, batch_stats, x, key):
        recon, mean, logvar = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, rngs={"reparam": key}
        )
        rec = jnp.sum((recon - x) ** 2, -1)
        kl = -0.5 * jnp.sum(1 + logvar - mean**2 - jnp.exp(logvar), -1)
        return jnp.mean(rec + kl)

    def train_step(params, opt_state, batch_stats, x, key):
        loss, grads = jax.value_and_grad(elbo)(params, batch_stats, x, key)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return train_step


def main():
    data = jax.random.uniform(jax.random.PRNGKey(0), (4, 32, 10))
    model = VAE()
    variables = model.init({"params": jax.random.PRNGKey(1), "reparam": jax.random.PRNGKey(2)}, data[0], train=False)
    tx = optax.adam(1e-3)
    train_step = make_train_step(model, tx)
    batch_stats = variables["batch_stats"]

    def epoch(carry, batch):
        params, opt_state, key = carry
        key, sub = jax.random.split(key)
        params, opt_state, loss = train_step(params, opt_state, batch_stats, batch, sub)
        return (params, opt_state, key), loss

    init = (variables["params"], tx.init(variables["params"]), jax.random.PRNGKey(3))
    _, losses = jax.lax.scan(epoch, init, data)
    print("losses", losses)
    return None
