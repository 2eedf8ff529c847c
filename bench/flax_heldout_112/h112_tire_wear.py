# label: same-values
# flax-error: none
# class: 2 the sampling function's local variables and dropout key go straight into the fori_loop body that fills the sample buffer
"""Fleet tire-wear forecasting: tread depth after the next 10,000 km, with a Monte Carlo
dropout band that the maintenance planner uses to schedule replacements early."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TreadWearNet(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(rate=0.25, deterministic=deterministic)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        return 8.0 * nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)  # remaining tread, mm


def sample_wear(model, variables, tires, n_samples, seed):
    key = jax.random.key(seed)
    buffer = jnp.zeros((n_samples, tires.shape[0]))

    def draw(i, buf):
        depth = model.apply(variables, tires, deterministic=False, rngs={"dropout": key})
        return buf.at[i].set(depth)

    return jax.lax.fori_loop(0, n_samples, draw, buffer)


def replacement_plan(samples, legal_min_mm=1.6):
    low = jnp.quantile(samples, 0.1, axis=0)
    return low < legal_min_mm + 1.0


def main():
    # load index, pressure deviation, axle, compound, km since fitting, route roughness
    tires = jax.random.uniform(jax.random.key(0), (8, 6))
    model = TreadWearNet()
    variables = model.init(jax.random.key(1), tires)
    samples = sample_wear(model, variables, tires, n_samples=5, seed=11)
    replacement_plan(samples)
    return samples
