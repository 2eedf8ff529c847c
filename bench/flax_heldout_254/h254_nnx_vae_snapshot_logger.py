# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the VAE and optimizer state merged in the scan body is handed to self.logger.on_step, which keeps it; after the loop it is restored into the model
"""Dense VAE trained with an nnx.Optimizer in a scanned epoch; a logger keeps a snapshot after every step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

scan = jax.lax.scan


class VAE(nnx.Module):
    def __init__(self, features: int, latent: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(features, 2 * latent, rngs=rngs)
        self.dec = nnx.Linear(latent, features, rngs=rngs)
        self.latent = latent

    def __call__(self, x, eps):
        mean, logvar = jnp.split(self.enc(x), 2, axis=-1)
        z = mean + jnp.exp(0.5 * logvar) * eps
        return self.dec(z), mean, logvar

    def decode(self, z):
        return nnx.sigmoid(self.dec(z))


def negative_elbo(model, x, eps):
    logits, mean, logvar = model(x, eps)
    recon = optax.sigmoid_binary_cross_entropy(logits, x).sum(-1)
    kl = -0.5 * (1 + logvar - mean**2 - jnp.exp(logvar)).sum(-1)
    return (recon + kl).mean()


class SnapshotLogger:
    def __init__(self):
        self.snapshots = []

    def on_step(self, model_state):
        self.snapshots.append(model_state)

    def latest(self):
        return self.snapshots[-1]


class VAETrainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.logger = SnapshotLogger()

    def epoch(self, batches, noise):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, inputs):
            x, eps = inputs
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(negative_elbo)(model, x, eps)
            optimizer.update(model, grads)
            self.logger.on_step(nnx.state(model))
            return nnx.state((model, optimizer)), loss

        state, losses = scan(step, state, (batches, noise))
        return losses

    def restore_latest(self):
        nnx.update(self.model, self.logger.latest())


def main():
    model = VAE(8, 2, rngs=nnx.Rngs(0))
    trainer = VAETrainer(model, optax.adam(1e-2))
    batches = (jax.random.uniform(jax.random.key(1), (3, 5, 8)) > 0.5).astype(jnp.float32)
    noise = jax.random.normal(jax.random.key(2), (3, 5, 2))
    losses = trainer.epoch(batches, noise)
    trainer.restore_latest()
    samples = model.decode(jax.random.normal(jax.random.key(3), (4, 2)))
    jax.block_until_ready((losses, samples))
    return None


if __name__ == "__main__":
    main()
