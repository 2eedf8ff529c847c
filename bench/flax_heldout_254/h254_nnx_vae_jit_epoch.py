# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the model and optimizer are bound into an nnx.jit train step with functools.partial, and that partial is called from the scan body
"""Dense VAE trained for an epoch by scanning an nnx.jit train step over the stacked minibatches."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class VAE(nnx.Module):
    def __init__(self, features: int, latent: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(features, 32, rngs=rngs)
        self.enc_stats = nnx.Linear(32, 2 * latent, rngs=rngs)
        self.dec = nnx.Linear(latent, 32, rngs=rngs)
        self.dec_out = nnx.Linear(32, features, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        mean, logvar = jnp.split(self.enc_stats(nnx.relu(self.enc(x))), 2, axis=-1)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.noise(), mean.shape)
        return self.dec_out(nnx.relu(self.dec(z))), mean, logvar


def elbo_loss(model, x):
    logits, mean, logvar = model(x)
    recon = optax.sigmoid_binary_cross_entropy(logits, x).sum(-1)
    kl = -0.5 * (1 + logvar - mean**2 - jnp.exp(logvar)).sum(-1)
    return (recon + kl).mean()


@nnx.jit
def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(elbo_loss)(model, batch)
    optimizer.update(model, grads)
    return loss


def train_epoch(model, optimizer, batches):
    step = functools.partial(train_step, model, optimizer)
    _, losses = lax.scan(lambda carry, batch: (carry, step(batch)), None, batches)
    return losses.mean()


def main():
    model = VAE(10, 2, rngs=nnx.Rngs(params=0, noise=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    data = (jax.random.uniform(jax.random.key(2), (3, 4, 10)) > 0.5).astype(jnp.float32)
    loss = train_epoch(model, optimizer, data)
    jax.block_until_ready(loss)
    return None


if __name__ == "__main__":
    main()
