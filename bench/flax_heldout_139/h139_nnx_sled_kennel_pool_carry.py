# label: ok
# flax-error: none
# class: 5 functools.partial(run_leg, graphdef) wraps a pooled session's split graph; the session's state is carried through the while_loop, merged in the body (DogTeamModel.__call__ bumps its LegCount, an nnx.Variable subclass) and nnx.update'd after
"""Dog-sled racing: a kennel service that keeps one model session per race and replays legs.

Sessions are pooled per race; the replay runner gets a wrapped leg function for the session it
acquired. Each team model counts the legs it has run in a custom Variable type so the vet
checks can be scheduled from the model state.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class LegCount(nnx.Variable):
    pass


class DogTeamModel(nnx.Module):
    def __init__(self, dogs: int, *, rngs: nnx.Rngs):
        self.gait = nnx.Linear(dogs, 1, rngs=rngs)
        self.legs_run = LegCount(jnp.zeros((), jnp.int32))

    def __call__(self, effort):
        self.legs_run[...] = self.legs_run[...] + 1
        return jax.nn.softplus(self.gait(effort))[0]  # leg time, hours


class Session:
    def __init__(self, race: str, dogs: int, seed: int):
        self.race = race
        self.model = DogTeamModel(dogs, rngs=nnx.Rngs(seed))


class SessionPool:
    def __init__(self, races, dogs: int):
        self._sessions = {race: Session(race, dogs, seed) for seed, race in enumerate(races)}

    def acquire(self, race: str) -> Session:
        return self._sessions[race]


def run_leg(graphdef, state, effort):
    model = nnx.merge(graphdef, state)
    hours = model(effort)
    return hours, nnx.state(model)


def replay(leg_fn, state, efforts):
    n = efforts.shape[0]

    def more(carry):
        return carry[0] < n

    def leg(carry):
        i, hours, state = carry
        leg_hours, state = leg_fn(state, efforts[i])
        return i + 1, hours + leg_hours, state

    _, hours, state = jax.lax.while_loop(more, leg, (0, jnp.zeros(()), state))
    return hours, state


def main():
    pool = SessionPool(["yukon", "iditarod", "finnmark"], dogs=12)
    session = pool.acquire("yukon")
    graphdef, state = nnx.split(session.model)
    efforts = jax.random.uniform(jax.random.key(3), (9, 12))  # 9 legs x 12 dogs
    hours, state = replay(functools.partial(run_leg, graphdef), state, efforts)
    nnx.update(session.model, state)
    print("race hours", float(hours), "legs run", int(session.model.legs_run[...]))
    return None


if __name__ == "__main__":
    main()
