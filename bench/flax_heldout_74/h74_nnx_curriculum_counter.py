# label: trace-context
# flax-error: TraceContextError: Cannot mutate SchedulerStep from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 trainer -> curriculum scheduler (an nnx.Module with a Variable step counter); the scan body asks it for the difficulty, which advances the counter
"""Curriculum scheduler kept as an NNX object so it is checkpointed with the model."""
import jax
import jax.numpy as jnp
from flax import nnx


class SchedulerStep(nnx.Variable):
    pass


class CurriculumScheduler(nnx.Module):
    def __init__(self, warmup_steps=4, max_difficulty=1.0):
        self.step = SchedulerStep(jnp.array(0, jnp.int32))
        self.warmup_steps = warmup_steps
        self.max_difficulty = max_difficulty

    def next_difficulty(self):
        d = jnp.minimum(self.step.value / self.warmup_steps, 1.0) * self.max_difficulty
        self.step.value += 1
        return d


class Denoiser(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Sequential(nnx.Linear(4, 16, rngs=rngs), nnx.gelu, nnx.Linear(16, 4, rngs=rngs))

    def __call__(self, x):
        return self.net(x)


class CurriculumTrainer:
    def __init__(self):
        self.model = Denoiser(nnx.Rngs(params=0))
        self.scheduler = CurriculumScheduler()

    def evaluate(self, clean):
        def body(total, x):
            difficulty = self.scheduler.next_difficulty()
            noisy = x + difficulty * jnp.sin(x * 7.0)
            return total + jnp.mean((self.model(noisy) - x) ** 2), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), clean)
        return total


def main():
    clean = jax.random.normal(jax.random.PRNGKey(0), (6, 3, 4))
    CurriculumTrainer().evaluate(clean)
    return None
