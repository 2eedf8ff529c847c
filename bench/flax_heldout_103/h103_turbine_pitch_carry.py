# label: ok
# flax-error: none
# class: 3 session.controller / session.variables of a ControllerSession; the sown pitch rate comes back from apply(mutable=...) and rides in the while_loop carry
"""Wind turbine pitch control: a Linen controller maps rotor state to a blade pitch command
and sows its pitch rate for the condition-monitoring report. A ControllerSession keeps the
controller and its variables and runs the closed loop until the rotor settles or a tick limit
is hit."""
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
        self.controller = controller
        self.variables = variables
        self.rated_speed = rated_speed
        self.max_rate_seen = None

    def run(self, wind_speed, max_ticks: int = 50):
        def keep_going(c):
            tick, speed, _, _ = c
            return (tick < max_ticks) & (jnp.abs(speed - self.rated_speed) > 0.05)

        def tick_fn(c):
            tick, speed, pitch, max_rate = c
            obs = jnp.stack([speed - self.rated_speed, pitch, wind_speed])
            rate, diag = self.controller.apply(self.variables, obs, mutable=["diagnostics"])
            (sown,) = diag["diagnostics"]["pitch_rate"]
            pitch = jnp.clip(pitch + rate, 0.0, 0.5)
            speed = speed + 0.1 * (wind_speed * (1.0 - pitch) - speed)
            return tick + 1, speed, pitch, jnp.maximum(max_rate, jnp.abs(sown))

        init = (0, jnp.asarray(8.0), jnp.asarray(0.0), jnp.asarray(0.0))
        final = lax.while_loop(keep_going, tick_fn, init)
        self.max_rate_seen = final[3]
        return final

    def report(self):
        return {"max_pitch_rate": self.max_rate_seen}


def main():
    controller = PitchController()
    variables = controller.init(jax.random.key(0), jnp.zeros((3,)))
    variables = {"params": variables["params"]}
    session = ControllerSession(controller, variables, rated_speed=12.0)
    session.run(jnp.asarray(14.0))
    float(session.report()["max_pitch_rate"])
    return None
