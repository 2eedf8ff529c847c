# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns jax.checkpoint(step) whose step merges the carried state and hands nnx.state(model, StringTension) to a TuningJournal; the while_loop body is that wrapper
"""Piano tuning service: iterate string-tension corrections until the stretched-octave error is small."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StringTension(nnx.Variable):
    pass


class InharmonicityModel(nnx.Module):
    def __init__(self, n_strings, *, rngs):
        self.stiffness = nnx.Linear(n_strings, n_strings, rngs=rngs)
        self.tension = StringTension(jnp.ones((n_strings,)))

    def __call__(self, target_cents):
        pitch_cents = 600.0 * jnp.log2(self.tension[...]) + 0.1 * self.stiffness(self.tension[...])
        error = pitch_cents - target_cents
        self.tension[...] = self.tension[...] * 2.0 ** (-0.5 * error / 600.0)
        return jnp.abs(error).max()


class TuningJournal:
    def __init__(self):
        self.last_state = None

    def record(self, model):
        self.last_state = nnx.state(model, StringTension)


def make_tuning_step(graphdef, journal, target_cents):
    def step(carry):
        i, state, _ = carry
        model = nnx.merge(graphdef, state)
        worst = model(target_cents)
        journal.record(model)
        return i + 1, nnx.state(model), worst

    return jax.checkpoint(step)


class TuningService:
    def __init__(self, model, tolerance_cents=0.5, max_passes=25):
        self.model, self.journal = model, TuningJournal()
        self.tolerance, self.max_passes = tolerance_cents, max_passes

    def tune(self, target_cents):
        graphdef, state = nnx.split(self.model)
        step = make_tuning_step(graphdef, self.journal, target_cents)

        def not_in_tune(carry):
            i, _, worst = carry
            return (i < self.max_passes) & (worst > self.tolerance)

        passes, state, worst = jax.lax.while_loop(not_in_tune, step, (0, state, jnp.asarray(1e3)))
        return passes

    def finalise(self):
        nnx.update(self.model, self.journal.last_state)
        return {"mean_tension": self.model.tension[...].mean()}


def main():
    target = jnp.array([0.0, 1.5, 3.2, 4.1, 6.0, 8.3])  # stretch targets in cents, six unisons
    service = TuningService(InharmonicityModel(6, rngs=nnx.Rngs(0)))
    service.tune(target)
    jax.block_until_ready(service.finalise())
    return None
