# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "slots" in "/tracker" because collection "belief" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 agent holds a model.bind(variables) module; its bound method is the scan body and commits the belief collection
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DialogueConfig:
    n_tokens: int = 9
    hidden: int = 12
    n_slots: int = 4
    n_actions: int = 5
    n_turns: int = 6


class BeliefTracker(nn.Module):
    n_slots: int

    @nn.compact
    def __call__(self, utterance, commit: bool):
        belief = self.variable("belief", "slots", jnp.zeros, (self.n_slots,))
        evidence = nn.sigmoid(nn.Dense(self.n_slots)(utterance))
        updated = 0.8 * belief.value + 0.2 * evidence
        if commit:
            belief.value = updated
        return updated


class DialoguePolicy(nn.Module):
    cfg: DialogueConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.tracker = BeliefTracker(self.cfg.n_slots)
        self.actions = nn.Dense(self.cfg.n_actions)

    def track(self, utterance, commit: bool = True):
        return self.tracker(nn.relu(self.encoder(utterance)), commit)

    def act(self, belief):
        return self.actions(belief)

    def __call__(self, utterance):
        return self.act(self.track(utterance))


class DialogueAgent:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.policy = DialoguePolicy(cfg).bind(variables)

    def _turn(self, total, utterance):
        belief = self.policy.track(utterance)
        logits = self.policy.act(belief)
        return total + jax.nn.log_softmax(logits).max(), jnp.argmax(logits)

    def run_dialogue(self, utterances):
        return jax.lax.scan(self._turn, jnp.zeros(()), utterances)


def main():
    cfg = DialogueConfig()
    utterances = jax.random.normal(jax.random.key(0), (cfg.n_turns, cfg.n_tokens))
    variables = DialoguePolicy(cfg).init(jax.random.key(1), utterances[0])
    agent = DialogueAgent(cfg, variables)
    score, actions = agent.run_dialogue(utterances)
    _ = float(score) + int(actions[-1])
    return None
