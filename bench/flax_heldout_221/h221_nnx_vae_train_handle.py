# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_train_step(graphdef, handle) returns the scan body; it merges the model and keeps it in the handle dict for later use
"""Training an NNX VAE with split/merge and a raw jax.lax.scan over batches.

Shape of a question about getting the trained model out of a scanned training
loop: the step function is built by a factory, merges the graphdef and state
in the body as the NNX docs show, and, to use the trained model afterwards,
stores the merged model in a dict captured by the factory.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class VAE(nnx.Module):
    def __init__(self, dim, latent, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dim, 2 * latent, rngs=rngs)
        self.dec = nnx.Linear(latent, dim, rngs=rngs)
        self.latent = latent

    def __call__(self, x, key):
        mu, logvar = jnp.split(self.enc(x), 2, -1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)
        recon = self.dec(z)
        kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), -1)
        return jnp.mean(jnp.sum((recon - x) ** 2, -1) + kl)


def make_train_step(graphdef, handle):
    def train_step(state, batch):
        x, key = batch
        model, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: m(x, key))(model)
        opt.update(model, grads)
        handle['model'] = model
        return nnx.state((model, opt)), loss
    return train_step


def main():
    model = VAE(8, 2, nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    graphdef, state = nnx.split((model, opt))
    data = jax.random.normal(jax.random.key(1), (10, 16, 8))
    keys = jax.random.split(jax.random.key(2), 10)
    handle = {}
    state, losses = jax.lax.scan(make_train_step(graphdef, handle), state, (data, keys))
    trained = handle['model']
    test_loss = trained(data[0], jax.random.key(3))
    print(float(losses[-1]), float(test_loss))
    return None
