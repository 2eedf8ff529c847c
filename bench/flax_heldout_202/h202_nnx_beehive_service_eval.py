# label: ok
# flax-error: none
# class: 4 HiveMonitorService.sessions[hive] -> HiveSession.model is put in eval() when the session is opened, so its nnx.BatchNorm only reads batch stats in the while_loop body
"""Beehive acoustics: a monitoring service classifies colony sound spectra (normal,
queenless, swarming, varroa stress) for each hive; a session scans the night's clips
until it is confident about swarming."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

COLONY_STATES = ("normal", "queenless", "swarming", "varroa")


class HumClassifier(nnx.Module):
    def __init__(self, bins, rngs: nnx.Rngs):
        self.proj = nnx.Linear(bins, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, len(COLONY_STATES), rngs=rngs)

    def __call__(self, spectra):
        return self.head(nnx.relu(self.norm(self.proj(spectra))))


class HiveSession:
    def __init__(self, hive_id, model):
        self.hive_id = hive_id
        self.model = model
        self.model.eval()

    def swarm_watch(self, clips, threshold=0.9):
        def undecided(state):
            i, p = state
            return (i < clips.shape[0]) & (p < threshold)

        def listen(state):
            i, _ = state
            probs = nnx.softmax(self.model(clips[i]))
            return i + 1, jnp.mean(probs[:, COLONY_STATES.index("swarming")])

        return lax.while_loop(undecided, listen, (0, jnp.zeros(())))


class HiveMonitorService:
    def __init__(self, hive_ids, bins=10, seed=0):
        rngs = nnx.Rngs(seed)
        self.sessions = {h: HiveSession(h, HumClassifier(bins, rngs)) for h in hive_ids}

    def night_report(self, hive, clips):
        return self.sessions[hive].swarm_watch(clips)


def main():
    service = HiveMonitorService(["apiary3-h07", "apiary3-h08"])
    clips = jax.random.uniform(jax.random.key(141), (9, 4, 10))
    service.night_report("apiary3-h07", clips)
    return None
