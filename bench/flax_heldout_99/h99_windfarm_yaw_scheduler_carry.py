# label: ok
# flax-error: none
# class: 3 YawScheduler keeps the controller's integrator collection in self.integrator; the while_loop carries it, the body applies the controller with mutable=["integrator"], and align stores the final value
"""Wind farm yaw scheduling: a PI-style learned controller turns nacelles toward the wind until aligned."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class YawController(nn.Module):
    turbines: int = 4

    @nn.compact
    def __call__(self, misalignment):
        integral = self.variable("integrator", "error_sum", jnp.zeros, (self.turbines,))
        integral.value = integral.value + misalignment
        gains = nn.Dense(2, name="gains")(jnp.stack([misalignment, integral.value], axis=-1))
        return -0.3 * gains[..., 0] * misalignment - 0.01 * gains[..., 1] * integral.value


class YawScheduler:
    def __init__(self, model, variables, tolerance=0.05, max_steps=20):
        self.model = model
        self.params = variables["params"]
        self.integrator = variables["integrator"]
        self.tolerance = tolerance
        self.max_steps = max_steps

    def align(self, misalignment):
        def cond(state):
            step, error, _ = state
            return (step < self.max_steps) & (jnp.abs(error).max() > self.tolerance)

        def body(state):
            step, error, integrator = state
            command, updated = self.model.apply(
                {"params": self.params, "integrator": integrator}, error, mutable=["integrator"]
            )
            return step + 1, error + jnp.clip(command, -0.1, 0.1), updated["integrator"]

        steps, error, self.integrator = lax.while_loop(cond, body, (0, misalignment, self.integrator))
        return steps, error

    def windup(self):
        return jnp.abs(self.integrator["error_sum"]).max()


def main():
    model = YawController()
    misalignment = jnp.array([0.4, -0.2, 0.3, 0.1])
    scheduler = YawScheduler(model, model.init(jax.random.key(0), misalignment))
    scheduler.align(misalignment)
    scheduler.windup().block_until_ready()
    return None
