# label: same-values
# flax-error: none
# class: 2 mc_peak_samples() takes the model and variables as parameters and the scan body applies them, locals of the helper, with its dropout key
"""Peak-demand forecast with Monte-Carlo dropout bands for the capacity planning report."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class PeakDemandNet(nn.Module):
    hidden: int = 32
    dropout_rate: float = 0.2

    @nn.compact
    def __call__(self, features, *, deterministic: bool):
        x = nn.relu(nn.Dense(self.hidden, name="enc")(features))
        x = nn.Dropout(self.dropout_rate, name="mc_drop")(x, deterministic=deterministic)
        return nn.Dense(1, name="peak_mw")(x)[..., 0]


def mc_peak_samples(model, variables, features, key, n_samples):
    def draw(running_max, _):
        peak = model.apply(variables, features, deterministic=False, rngs={"dropout": key})
        return jnp.maximum(running_max, peak), peak

    start = jnp.full(features.shape[:1], -jnp.inf)
    _, samples = lax.scan(draw, start, None, length=n_samples)
    return samples


def capacity_report(samples):
    return {"p10": jnp.quantile(samples, 0.1, axis=0), "p90": jnp.quantile(samples, 0.9, axis=0)}


def main():
    # per zone: last-week peak, temperature forecast, holiday flag, hour-of-peak
    features = jnp.array([[412.0, 31.5, 0.0, 17.0], [388.0, 29.0, 0.0, 18.0], [150.0, 27.5, 1.0, 19.0]]) / 100.0
    model = PeakDemandNet()
    variables = model.init(jax.random.key(0), features, deterministic=True)
    samples = mc_peak_samples(model, variables, features, jax.random.key(99), n_samples=8)
    capacity_report(samples)
    return samples
