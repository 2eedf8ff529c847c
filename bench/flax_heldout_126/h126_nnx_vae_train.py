# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 5 the scan body calls a step function returned by make_train_step(model, optimizer), which closes over the NNX model and optimizer
"""NNX VAE that keeps its own nnx.Rngs for the reparameterisation trick, trained with a
step function built by a factory and driven by lax.scan over minibatches.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

LATENT = 2


class VAE(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 32, rngs=rngs)
        self.mean = nnx.Linear(32, LATENT, rngs=rngs)
        self.logvar = nnx.Linear(32, LATENT, rngs=rngs)
        self.dec1 = nnx.Linear(LATENT, 32, rngs=rngs)
        self.dec2 = nnx.Linear(32, din, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        h = nnx.relu(self.enc(x))
        mean, logvar = self.mean(h), self.logvar(h)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.noise(), mean.shape)
        return nnx.sigmoid(self.dec2(nnx.relu(self.dec1(z)))), mean, logvar


def elbo_loss(model, x):
    recon, mean, logvar = model(x)
    rec = -jnp.sum(x * jnp.log(recon + 1e-6) + (1 - x) * jnp.log(1 - recon + 1e-6), -1)
    kl = -0.5 * jnp.sum(1 + logvar - mean**2 - jnp.exp(logvar), -1)
    return jnp.mean(rec + kl)


def make_train_step(model, optimizer):
    def train_step(x):
        loss, grads = nnx.value_and_grad(elbo_loss)(model, x)
        optimizer.update(model, grads)
        return loss

    return train_step


def main():
    data = (jax.random.uniform(jax.random.PRNGKey(0), (5, 32, 12)) > 0.5).astype(jnp.float32)
    model = VAE(12, rngs=nnx.Rngs(params=0, noise=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    train_step = make_train_step(model, optimizer)

    def body(carry, batch):
        return carry, train_step(batch)

    _, losses = jax.lax.scan(body, None, data)
    print("elbo per step", losses)
    return None
