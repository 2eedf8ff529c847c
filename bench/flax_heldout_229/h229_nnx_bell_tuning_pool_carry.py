# label: ok
# flax-error: none
# class: 4 a TuningSession from the service's pool gives graphdef and state to the fori_loop body, which nnx.merge-s them; the state leaves through the carry and is merged back after the loop
"""Bell foundry casting: a tuning service that refines a partial-frequency model
for each bell on the lathe; sessions in a pool keep a warm model per lathe."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class PartialModel(nnx.Module):
    """Predicts hum, prime, tierce, quint and nominal from the profile cuts."""

    def __init__(self, rngs: nnx.Rngs):
        self.layer = nnx.Linear(4, 5, rngs=rngs)

    def __call__(self, cuts):
        return 200.0 + 50.0 * self.layer(cuts)


class TuningSession:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.model = model

    def predict(self, cuts):
        return self.model(cuts)


class TuningService:
    def __init__(self, lathes, rngs):
        self.pool = {lathe: TuningSession(PartialModel(rngs)) for lathe in lathes}

    def refine(self, lathe, cuts, measured, steps=5, lr=1e-3):
        session = self.pool[lathe]

        def body(i, state):
            model = nnx.merge(session.graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(cuts) - measured) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, nnx.state(grads, nnx.Param)))
            return nnx.state(model)

        session.state = fori_loop(0, steps, body, session.state)
        session.model = nnx.merge(session.graphdef, session.state)
        return session.predict(cuts)


def main():
    service = TuningService(["lathe_a", "lathe_b"], nnx.Rngs(0))
    cuts = jax.random.uniform(jax.random.key(4), (3, 4))
    measured = jnp.array([[220.0, 440.0, 528.0, 660.0, 880.0]] * 3) / 4.0
    service.refine("lathe_b", cuts, measured)
    return None
