# label: ok
# flax-error: none
# class: 4 YawController -> UncertaintyEstimator applies the model in the while_loop body with a dropout key folded with the step
"""Wind turbine yaw control: Monte Carlo dropout samples of the yaw correction for the current wind state."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class YawNet(nn.Module):
    @nn.compact
    def __call__(self, wind):
        h = nn.relu(nn.Dense(16)(wind))
        h = nn.Dropout(0.3, deterministic=False)(h)
        return nn.Dense(1)(h)[..., 0]


class UncertaintyEstimator:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def sample(self, wind, n_samples):
        def cond(state):
            return state[0] < n_samples

        def body(state):
            i, buf = state
            y = self.model.apply(self.variables, wind, rngs={"dropout": jax.random.fold_in(self.key, i)})
            return i + 1, buf.at[i].set(y)

        _, samples = jax.lax.while_loop(cond, body, (0, jnp.zeros((n_samples,))))
        return samples


class YawController:
    def __init__(self, estimator, max_rate_deg=2.0):
        self.estimator = estimator
        self.max_rate = max_rate_deg

    def plan(self, wind, n_samples=6):
        samples = self.estimator.sample(wind, n_samples)
        command = jnp.clip(samples.mean(), -self.max_rate, self.max_rate)
        return command, samples


def main():
    wind = jnp.array([9.5, 0.3, -0.1, 1.2])  # speed, direction error, shear, turbulence
    model = YawNet()
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, wind)
    controller = YawController(UncertaintyEstimator(model, variables, seed=7))
    command, samples = controller.plan(wind)
    return samples  # one Monte Carlo sample per loop step
