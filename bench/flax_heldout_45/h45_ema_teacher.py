# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "target" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 EMA variable of a teacher module updated in a raw scan body during apply without mutable
"""Self-distillation: teacher keeps an EMA of the student output in a 'ema' collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StudentWithEMA(nn.Module):
    decay: float = 0.99

    @nn.compact
    def __call__(self, xs):
        student = nn.Dense(2)
        student(xs[0])
        ema = self.variable("ema", "target", jnp.zeros, (2,))

        def step(carry, x):
            out = student(x)
            ema.value = self.decay * ema.value + (1 - self.decay) * out
            return carry + jnp.sum((out - ema.value) ** 2), None

        loss, _ = jax.lax.scan(step, 0.0, xs)
        return loss


def main():
    model = StudentWithEMA()
    xs = jnp.ones((4, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
