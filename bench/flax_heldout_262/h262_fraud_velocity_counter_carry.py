# label: ok
# flax-error: none
# class: 4 VelocityModel.walk_window runs while_loop; the body calls self.detector.check, which calls self.guard; the flagged count rides in the loop carry and is returned
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import while_loop


class VelocityGuard(linen.Module):
    limit: float

    def __call__(self, score):
        return score > self.limit


class BurstDetector(linen.Module):
    width: int = 8
    limit: float = 0.5

    def setup(self):
        self.embed = linen.Dense(self.width)
        self.score = linen.Dense(1)
        self.guard = VelocityGuard(self.limit)

    def __call__(self, event):
        return self.check(event)

    def check(self, event):
        s = linen.sigmoid(self.score(linen.relu(self.embed(event))))[..., 0]
        return s, self.guard(s)


class VelocityModel(linen.Module):
    def setup(self):
        self.detector = BurstDetector()

    def __call__(self, event):
        return self.detector(event)

    def walk_window(self, events, spend_limit):
        n_events = events.shape[0]

        def cond(state):
            i, spent, _, _ = state
            return (i < n_events) & (spent.max() < spend_limit)

        def body(state):
            i, spent, worst, flagged = state
            event = events[i]
            s, hit = self.detector.check(event)
            return i + 1, spent + jnp.expm1(event[:, 0]), jnp.maximum(worst, s), flagged + hit.sum()

        zeros = jnp.zeros(events.shape[1])
        _, spent, worst, flagged = while_loop(cond, body, (0, zeros, zeros, jnp.zeros((), jnp.int32)))
        return worst, spent, flagged


class CardFeatures:
    def encode(self, amounts, foreign, minutes_since_last):
        return jnp.stack([jnp.log1p(amounts), foreign, jnp.exp(-minutes_since_last / 30.0)], axis=-1)


class VelocityService:
    def __init__(self, model, variables, spend_limit=5000.0):
        self.model = model
        self.variables = variables
        self.spend_limit = spend_limit
        self.features = CardFeatures()
        self.flagged_total = jnp.zeros((), jnp.int32)

    def screen(self, amounts, foreign, minutes):
        events = self.features.encode(amounts, foreign, minutes)
        worst, spent, flagged = self.model.apply(
            self.variables, events, self.spend_limit, method=VelocityModel.walk_window
        )
        self.flagged_total = self.flagged_total + flagged
        return worst, spent


def main():
    amounts = jnp.array([[20.0, 300.0, 75.0], [25.0, 1200.0, 80.0], [18.0, 2400.0, 60.0], [40.0, 1900.0, 90.0]])
    foreign = jnp.array([[0.0, 1.0, 0.0]] * 4)
    minutes = jnp.array([[600.0, 3.0, 200.0], [540.0, 2.0, 180.0], [300.0, 1.0, 220.0], [120.0, 4.0, 100.0]])
    model = VelocityModel()
    variables = model.init(jax.random.key(7), CardFeatures().encode(amounts[0], foreign[0], minutes[0]))
    service = VelocityService(model, variables)
    worst, spent = service.screen(amounts, foreign, minutes)
    jax.block_until_ready((worst, spent, service.flagged_total))
    return None
