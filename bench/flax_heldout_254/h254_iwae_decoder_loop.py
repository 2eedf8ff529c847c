# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the decoder is an attribute of the VAE; its parameters are first created by the call inside the fori_loop body during init
"""Importance-weighted VAE bound: decode K latent samples in a loop and average the likelihoods."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

lax = jax.lax


class Encoder(nn.Module):
    latent_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(32)(x))
        mean = nn.Dense(self.latent_dim, name="mean")(h)
        logvar = nn.Dense(self.latent_dim, name="logvar")(h)
        return mean, logvar


class Decoder(nn.Module):
    out_dim: int

    @nn.compact
    def __call__(self, z):
        h = nn.gelu(nn.Dense(32)(z))
        return nn.Dense(self.out_dim, name="logits")(h)


def bernoulli_log_likelihood(logits, x):
    return -optax.sigmoid_binary_cross_entropy(logits, x).sum(-1)


def gaussian_log_density(z, mean, logvar):
    return -0.5 * (jnp.log(2 * jnp.pi) + logvar + (z - mean) ** 2 / jnp.exp(logvar)).sum(-1)


class IWAE(nn.Module):
    latent_dim: int = 4
    out_dim: int = 12
    num_importance: int = 5

    def setup(self):
        self.encoder = Encoder(self.latent_dim)
        self.decoder = Decoder(self.out_dim)

    def __call__(self, x):
        mean, logvar = self.encoder(x)
        key = self.make_rng("latent")

        def accumulate(k, log_weights):
            eps = jax.random.normal(jax.random.fold_in(key, k), mean.shape)
            z = mean + jnp.exp(0.5 * logvar) * eps
            log_w = (
                bernoulli_log_likelihood(self.decoder(z), x)
                + gaussian_log_density(z, 0.0, jnp.zeros_like(z))
                - gaussian_log_density(z, mean, logvar)
            )
            return log_weights.at[k].set(log_w)

        log_weights = lax.fori_loop(0, self.num_importance, accumulate, jnp.zeros((self.num_importance, x.shape[0])))
        return jax.nn.logsumexp(log_weights, axis=0) - jnp.log(self.num_importance)


def main():
    model = IWAE()
    x = (jax.random.uniform(jax.random.key(0), (6, 12)) > 0.5).astype(jnp.float32)
    variables = model.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, x)
    params = variables["params"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def loss_fn(params, key):
        return -model.apply({"params": params}, x, rngs={"latent": key}).mean()

    for step in range(2):
        loss, grads = jax.value_and_grad(loss_fn)(params, jax.random.key(10 + step))
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    jax.block_until_ready((loss, params))
    return None


if __name__ == "__main__":
    main()
