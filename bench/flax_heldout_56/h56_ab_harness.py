# label: same-values
# flax-error: none
# class: 2 an ABHarness holds two ModelArm objects that wrap model.apply with a fixed per-arm dropout key; a fori_loop draws stochastic predictions from both arms with that key at every trial
import jax
import jax.numpy as jnp
import flax.linen as nn


class Scorer(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)[..., 0]


class ModelArm:
    def __init__(self, name, module, variables, key):
        self.name = name
        self.module = module
        self.variables = variables
        self.key = key

    def predict(self, x, stochastic=True):
        return self.module.apply(self.variables, x, train=stochastic, rngs={"dropout": self.key})


class ABHarness:
    def __init__(self, arm_a: ModelArm, arm_b: ModelArm):
        self.arms = (arm_a, arm_b)

    def run_trials(self, x, num_trials):
        init = jnp.zeros((num_trials, 2, x.shape[0]))

        def trial(i, buf):
            preds = jnp.stack([arm.predict(x) for arm in self.arms])
            return buf.at[i].set(preds)

        return jax.lax.fori_loop(0, num_trials, trial, init)


def build_arm(name, rate, seed):
    module = Scorer(rate)
    variables = module.init(jax.random.PRNGKey(seed), jnp.ones((1, 3)))
    return ModelArm(name, module, variables, jax.random.PRNGKey(100 + seed))


def main():
    harness = ABHarness(build_arm("control", 0.3, 0), build_arm("candidate", 0.5, 1))
    return harness.run_trials(jnp.ones((4, 3)), 5)
