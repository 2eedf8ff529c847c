# label: ok
# flax-error: none
# class: 2 local variables of estimate_ph go into the fori_loop body with one split dropout key per sample
"""Monte-Carlo dropout estimate of liming-vat pH for a tannery's batch scheduler.

The scheduler wants a spread of plausible pH values per vat, so it runs the model in training
mode several times and keeps every sample."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

SAMPLES = 6


class VatChemistry(nn.Module):
    hidden: int = 24
    drop: float = 0.3

    @nn.compact
    def __call__(self, readings, train: bool = False):
        h = nn.tanh(nn.Dense(self.hidden)(readings))
        h = nn.Dropout(self.drop, deterministic=not train)(h)
        return 7.0 + 3.0 * nn.tanh(nn.Dense(1)(h)).squeeze(-1)


def estimate_ph(model, variables, readings, key, samples=SAMPLES):
    buffer = jnp.zeros((samples, readings.shape[0]))
    keys = jax.random.split(key, samples)

    def body(i, buf):
        ph = model.apply(variables, readings, train=True, rngs={"dropout": keys[i]})
        return buf.at[i].set(ph)

    return lax.fori_loop(0, samples, body, buffer)


def plan_batches(ph_samples, limit=9.5):
    return jnp.mean(ph_samples > limit, axis=0)


def main():
    model = VatChemistry()
    readings = jax.random.normal(jax.random.key(4), (3, 7))
    variables = model.init(jax.random.key(0), readings)
    samples = estimate_ph(model, variables, readings, jax.random.key(21))
    plan_batches(samples)
    return samples
