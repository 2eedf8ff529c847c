# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 session.bound, a model.bind(variables, mutable=["diagnostics"]) held by a ControllerSession, sows inside the control while_loop; the report reads it afterwards
"""Wind turbine pitch control: a Linen controller maps rotor state to a blade pitch command
and sows its pitch rate for the condition-monitoring report. A ControllerSession binds the
controller once and runs the closed loop until the rotor settles or a tick limit is hit."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class PitchController(nn.Module):
    hidden: int = 16
    max_rate: float = 0.1

    @nn.compact
    def __call__(self, rotor_state):
        h = nn.tanh(nn.Dense(self.hidden)(rotor_state))
        rate = self.max_rate * nn.tanh(nn.Dense(1)(h))[0]
        self.sow("diagnostics", "pitch_rate", rate)
        return rate


class ControllerSession:
    def __init__(self, controller, variables, rated_speed: float):
        self.bound = controller.bind(variables, mutable=["diagnostics"])
        self.rated_speed = rated_speed

    def run(self, wind_speed, max_ticks: int = 50):
        def keep_going(c):
            tick, speed, _ = c
            return (tick < max_ticks) & (jnp.abs(speed - self.rated_speed) > 0.05)

        def tick_fn(c):
            tick, speed, pitch = c
            rate = self.bound(jnp.stack([speed - self.rated_speed, pitch, wind_speed]))
            pitch = jnp.clip(pitch + rate, 0.0, 0.5)
            speed = speed + 0.1 * (wind_speed * (1.0 - pitch) - speed)
            return tick + 1, speed, pitch

        return lax.while_loop(keep_going, tick_fn, (0, jnp.asarray(8.0), jnp.asarray(0.0)))

    def report(self):
        rates = jnp.stack(self.bound.variables["diagnostics"]["pitch_rate"])
        return {"max_pitch_rate": jnp.max(jnp.abs(rates))}


def main():
    controller = PitchController()
    variables = controller.init(jax.random.key(0), jnp.zeros((3,)))
    variables = {"params": variables["params"]}
    session = ControllerSession(controller, variables, rated_speed=12.0)
    session.run(jnp.asarray(14.0))
    float(session.report()["max_pitch_rate"])
    return None
